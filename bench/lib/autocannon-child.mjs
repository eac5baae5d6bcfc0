// The load generator of the benchmarks, in its own process: reading the answers costs the client
// CPU time, which must not be taken from the server's event loop and counted against it. Reads
// autocannon's options as JSON from argv[2] and prints its result as one JSON line.
import autocannon from "autocannon";

const result = await autocannon(JSON.parse(process.argv[2]));
process.stdout.write(`${JSON.stringify(result)}\n`);
