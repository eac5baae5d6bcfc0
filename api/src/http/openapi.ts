import { z } from "zod";
import { allContracts, API_BASE_PATH, errorEnvelopeSchema, type Contract } from "@atelier/contracts";

let cached: Record<string, unknown> | null = null;

function schema(s: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  return z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
}

function parameters(contract: Contract) {
  const out: Record<string, unknown>[] = [];
  for (const where of ["params", "query"] as const) {
    const s = contract[where];
    if (!s) continue;
    const json = schema(s, "input") as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where === "params" ? "path" : "query", required: where === "params" || (json.required ?? []).includes(name), schema: prop });
    }
  }
  if (contract.idempotent) out.push(IDEMPOTENCY_KEY_PARAMETER);
  return out;
}

/** The header every idempotent operation takes (src/http/idempotency.ts keeps the answers). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "A key of your choosing (1 to 255 printable ASCII characters, a UUID for instance), new for each distinct request. " +
    "A repeat with the same key and the same request does not act again: it gets the first answer (a success or a 4xx refusal), " +
    "marked with the header Idempotent-Replayed: true. The same key with a different request is a 409; a repeat while the first " +
    "request still runs waits for its answer (409 if it takes too long). A 5xx is not kept, so a retry after a server fault runs again. " +
    "Keys belong to one user in one store.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

const REPLAYED_HEADER_DOC = { "Idempotent-Replayed": { description: "true when this answer is the stored answer of an earlier request with the same Idempotency-Key", schema: { type: "string", enum: ["true"] } } };

/** OpenAPI 3.1, generated from the contracts (zod's own JSON Schema output). */
export function openApiDocument(contracts: Contract[] = allContracts): Record<string, unknown> {
  if (cached && contracts === allContracts) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = { description: "Error envelope", content: { "application/json": { schema: schema(errorEnvelopeSchema, "output") } } };
  for (const c of contracts) {
    const p = c.path.replace(/:([A-Za-z0-9_]+)\??/g, "{$1}");
    paths[p] ??= {};
    paths[p][c.method.toLowerCase()] = {
      operationId: c.id,
      summary: c.summary,
      tags: c.tags,
      security: c.access === "public" ? [] : [{ bearer: [] }],
      parameters: parameters(c),
      ...(c.body ? { requestBody: { required: true, content: { "application/json": { schema: schema(c.body, "input") } } } } : {}),
      responses: {
        [String(c.status ?? 200)]: { description: "Success", ...(c.idempotent ? { headers: REPLAYED_HEADER_DOC } : {}), content: { "application/json": { schema: schema(c.response, "output") } } },
        "400": errorResponse,
        ...(c.access === "user" ? { "401": errorResponse, "403": errorResponse } : {}),
        "404": errorResponse,
        ...(c.idempotent ? { "409": { ...errorResponse, description: "Error envelope; for an Idempotency-Key already used for a different request, or whose first request is still running" } } : {}),
      },
    };
  }
  const doc = {
    openapi: "3.1.0",
    info: { title: "Atelier REST API", version: "1.0.0", description: "Every endpoint of Atelier, generated from its zod contract." },
    servers: [{ url: API_BASE_PATH }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
  if (contracts === allContracts) cached = doc;
  return doc;
}

/** A self-contained page that lists the document's endpoints with their schemas (no CDN: works offline). */
export function openApiDocsPage(specUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Atelier API</title>
<style>body{font:14px system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:22px}details{border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.4rem .8rem}
summary{cursor:pointer}code{background:#f4f4f6;padding:1px 4px;border-radius:3px}
.m{display:inline-block;width:60px;font-weight:600}.GET{color:#0a7}.POST{color:#06c}.PUT{color:#a60}.DELETE{color:#c22}.PATCH{color:#70a}
pre{background:#f7f7f9;padding:.6rem;overflow:auto;font-size:12px}input{width:100%;padding:.5rem;margin:.5rem 0 1rem}</style></head>
<body><h1>Atelier REST API</h1><p>Base path <code>/rest/main</code>. Source: <a href="${specUrl}">openapi.json</a>.</p>
<input id="q" placeholder="Filter by path, tag or summary"><div id="list">Loading…</div>
<script>
fetch(${JSON.stringify(specUrl)}).then(r=>r.json()).then(doc=>{
  const rows=[];for(const [p,ops] of Object.entries(doc.paths))for(const [m,op] of Object.entries(ops))rows.push({p,m:m.toUpperCase(),op});
  const esc=s=>String(s).replace(/[&<>]/g,c=>({"&":"&amp;","<":"&lt;",">":"&gt;"}[c]));
  const render=f=>{document.getElementById('list').innerHTML=rows.filter(r=>!f||(r.p+' '+r.op.summary+' '+r.op.tags).toLowerCase().includes(f)).map(r=>
    '<details><summary><span class="m '+r.m+'">'+r.m+'</span><code>'+esc(r.p)+'</code> — '+esc(r.op.summary)+'</summary>'+
    (r.op.parameters.length?'<h4>Parameters</h4><pre>'+esc(JSON.stringify(r.op.parameters,null,2))+'</pre>':'')+
    (r.op.requestBody?'<h4>Body</h4><pre>'+esc(JSON.stringify(r.op.requestBody.content['application/json'].schema,null,2))+'</pre>':'')+
    '<h4>Responses</h4><pre>'+esc(JSON.stringify(r.op.responses,null,2))+'</pre></details>').join('')};
  render('');document.getElementById('q').addEventListener('input',e=>render(e.target.value.toLowerCase()));
});
</script></body></html>`;
}
