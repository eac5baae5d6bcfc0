import { boxProblems, sameInEveryBox, type BoxContents, type ReceivingBox } from "@atelier/contracts/receiving-boxes";

// Per-box packing lists (issue 16): the editor the new-receiving form and the details page share,
// a card per box ("Box 2 of 5") with the units of each SKU in it, or "same in every box" that
// splits each line evenly; and the boxes read back as a list.

export type BoxLineDraft = { sku: string; title: string; expected: number };
/** Units typed per box and SKU (lower-cased), as text; `same` splits every line evenly instead. */
export type BoxDraft = { same: boolean; cells: Record<number, Record<string, string>> };

export const emptyBoxDraft = (same = true): BoxDraft => ({ same, cells: {} });

/** A draft from a saved packing list, for editing it. */
export function draftFromBoxes(boxes: ReceivingBox[]): BoxDraft {
  return { same: false, cells: Object.fromEntries(boxes.map((b) => [b.number - 1, Object.fromEntries(b.lines.map((l) => [l.sku.toLowerCase(), String(l.quantity)]))])) };
}

/** The boxes a draft describes, or the sentence saying what is wrong with it. */
export function boxesFromDraft(draft: BoxDraft, lines: BoxLineDraft[], boxCount: number): { boxes: BoxContents[] } | { error: string } {
  if (draft.same) {
    const even = sameInEveryBox(lines, boxCount);
    return "uneven" in even ? { error: `The units of ${even.uneven} don't divide evenly over ${boxCount} boxes: untick "Same in every box" and say what each box holds.` } : even;
  }
  const boxes: BoxContents[] = [];
  for (let b = 0; b < boxCount; b++) {
    const box: BoxContents = { lines: [] };
    for (const l of lines) {
      const raw = (draft.cells[b]?.[l.sku.toLowerCase()] ?? "").trim();
      if (!raw) continue;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0) return { error: `Box ${b + 1}: the units of ${l.sku} are a whole number, 0 or more.` };
      if (n > 0) box.lines.push({ sku: l.sku, quantity: n });
    }
    if (!box.lines.length) return { error: `Box ${b + 1} holds nothing: put units of at least one SKU in it, or lower the number of boxes.` };
    boxes.push(box);
  }
  const problem = boxProblems(lines, boxes)[0];
  return problem ? { error: `The boxes ${problem.message}.` } : { boxes };
}

/** Units of a SKU typed across the boxes so far: "120 of 120 in boxes". */
function packedOf(draft: BoxDraft, sku: string, boxCount: number): number {
  let n = 0;
  for (let b = 0; b < boxCount; b++) n += Number(draft.cells[b]?.[sku.toLowerCase()] || 0) || 0;
  return n;
}

export function BoxContentsEditor({ lines, boxCount, draft, onChange }: { lines: BoxLineDraft[]; boxCount: number; draft: BoxDraft; onChange: (d: BoxDraft) => void }) {
  const setCell = (box: number, sku: string, value: string) => onChange({ ...draft, cells: { ...draft.cells, [box]: { ...draft.cells[box], [sku.toLowerCase()]: value } } });
  const even = draft.same ? sameInEveryBox(lines, boxCount) : null;
  return (
    <div className="box-editor" data-testid="box-editor">
      <label className="receiving-check"><input type="checkbox" checked={draft.same} onChange={(e) => onChange({ ...draft, same: e.target.checked })} /> Same in every box</label>
      {even && ("uneven" in even
        ? <p className="muted">The units of {even.uneven} don't divide evenly over {boxCount} boxes; untick to say what each box holds.</p>
        : <p className="muted" data-testid="box-same">Each of the {boxCount} boxes holds {even.boxes[0]!.lines.map((l) => `${l.quantity.toLocaleString("en-US")} × ${l.sku}`).join(", ")}.</p>)}
      {!draft.same && (
        <>
          <div className="box-grid">
            {Array.from({ length: boxCount }, (_, b) => (
              <fieldset key={b} className="box-card" data-testid="box-card">
                <legend>Box {b + 1} of {boxCount}</legend>
                {lines.map((l) => (
                  <label key={l.sku}><span className="box-sku">{l.sku}</span> <input aria-label={`Box ${b + 1} ${l.sku}`} inputMode="numeric" placeholder="0" value={draft.cells[b]?.[l.sku.toLowerCase()] ?? ""} onChange={(e) => setCell(b, l.sku, e.target.value)} /></label>
                ))}
              </fieldset>
            ))}
          </div>
          <p className="muted" data-testid="box-packed">
            {lines.map((l) => `${l.sku}: ${packedOf(draft, l.sku, boxCount).toLocaleString("en-US")} of ${l.expected.toLocaleString("en-US")} in boxes`).join(" · ")}
          </p>
        </>
      )}
    </div>
  );
}

/** A saved packing list: one row per box with what it holds. */
export function BoxList({ boxes, boxCount }: { boxes: ReceivingBox[]; boxCount: number }) {
  if (!boxes.length) return <p className="muted">No packing list yet: the labels will say the contents are not listed.</p>;
  return (
    <ol className="box-list" aria-label="What is in each box">
      {boxes.map((b) => (
        <li key={b.number} data-testid="box-row">
          <strong>Box {b.number} of {boxCount}</strong>
          <span>{b.lines.map((l) => `${l.quantity.toLocaleString("en-US")} × ${l.sku}`).join(", ")}</span>
        </li>
      ))}
    </ol>
  );
}
