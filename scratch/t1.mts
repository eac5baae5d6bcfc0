import pg from "pg";
import { startEmbeddedPostgres } from "/work/main/api/src/db/embedded.ts";
const s = await startEmbeddedPostgres({ dataDir: null });
const pool = new pg.Pool({ connectionString: s.url, max: 20 });
const r = await pool.query("select extname from pg_extension order by 1");
console.log(r.rows.map((x) => x.extname));
await pool.query("create table t(id int primary key, v text, e vector(3))");
await pool.query("insert into t select g, 'v'||g, ('['||g||',1,1]')::vector from generate_series(1,2000) g");
const t0 = Date.now();
let bad = 0;
await Promise.all(Array.from({ length: 1000 }, async (_, i) => {
  const k = i % 3;
  if (k === 0) { const r = await pool.query("select v from t where id = $1", [i + 1]); if (r.rows[0]?.v !== "v" + (i + 1)) bad++; }
  else if (k === 1) { const r = await pool.query("select count(*)::int as n from t where id <= $1", [i]); if (r.rows[0]?.n !== i) bad++; }
  else { const r = await pool.query("select $1::text || '-' || $2::int as s, 42 as x", ["q" + i, i]); if (r.rows[0]?.s !== `q${i}-${i}`) bad++; }
}));
console.log("bad", bad, "ms", Date.now() - t0);
await pool.end(); await s.stop();
