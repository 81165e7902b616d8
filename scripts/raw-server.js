// The baseline: a bare node:http server sending the very bytes of a page. Usage: node raw-server.js FILE PORT
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const body = readFileSync(process.argv[2])
const port = Number(process.argv[3])
createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  })
  response.end(body)
}).listen(port, '127.0.0.1', () => process.stdout.write('ready\n'))
