import type { Audience } from "@atelier/contracts/brand-kits";
import { rngFor } from "./random";
import { PERSONA_FIRST_NAMES, type Theme } from "./themes";
import type { KitInputs } from "./brand-ideas";

/** Audience `index` of a batch (seed): a segment with a persona a creator can picture. */
export function drawAudience(kit: KitInputs, index: number, seed: number, createdAt: string): Audience {
  const rng = rngFor(kit.kitId, "audience", index, seed, kit.category, kit.productDescription);
  const theme: Theme = kit.theme;
  const segment = theme.audiences[(index + seed) % theme.audiences.length]!;
  const age = rng.int(segment.age[0], segment.age[1]);
  const first = rng.pick(PERSONA_FIRST_NAMES);
  return {
    uuid: rng.uuid("audience"),
    createdAt,
    name: segment.name,
    description: `${segment.name} (${segment.age[0]}–${segment.age[1]}) who ${segment.motivation}. They are ${segment.pain}, so ${kit.productDescription.replace(/\.$/, "").toLowerCase()} speaks to them directly.`,
    persona: {
      name: `${first}, ${age}`,
      age,
      occupation: segment.occupation,
      motivations: [cap(segment.motivation), rng.pick(theme.values)],
      painPoints: [cap(segment.pain)],
      channels: [...segment.channels],
    },
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
