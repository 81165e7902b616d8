// Writes openapi.json (committed at the repository root) from the app's own schemas.
// Run: npm run openapi. The tests fail when the committed file differs from the generated one.
import { writeFileSync } from 'node:fs'
import { generateOpenApi } from '../test/helpers/openapi.js'

writeFileSync(new URL('../openapi.json', import.meta.url), await generateOpenApi())
console.log('wrote openapi.json')
