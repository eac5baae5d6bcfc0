import { pino, type Logger } from "pino";

export function createLogger(level: string, name = "api"): Logger {
  return pino({ name, level, base: { service: name }, redact: { paths: ["req.headers.authorization", "*.password", "*.token"], censor: "[redacted]" } });
}
