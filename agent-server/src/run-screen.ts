import { RUN_CONTEXT_KEY, screenContextSchema, type ScreenContext } from "@atelier/contracts/agent-context";
import { parsePart } from "@atelier/api/platform";

/**
 * The agent server's edge for a run's `context`: the screen the caller asks from, parsed against
 * the contract's schema (a bad shape is a 400 naming the field), and the caller's other context
 * keys, without the ones the server sets itself.
 */
export function parseRunContextBody(context: Record<string, unknown> | undefined): { screen: ScreenContext | null; context: Record<string, unknown> | null } {
  if (!context) return { screen: null, context: null };
  const { screen, [RUN_CONTEXT_KEY]: _ours, ...rest } = context;
  return { screen: screen == null ? null : parsePart("context.screen", screenContextSchema, screen), context: rest };
}
