// The error example shown in the OpenAPI document for each error response.

export function errorExample(
  status: number,
  code: string,
  title: string,
  detail: string,
  source: object = {},
) {
  return {
    errors: [{ status: String(status), code, title, detail, source }],
    meta: { request_id: '9f1c2b7e-5d0e-4f7b-9d53-1a2b3c4d5e6f' },
  }
}
