// Who owns a thread or run, as a SQL condition on the owner columns both tables carry.

/** Who owns a thread: a signed-in user of a store, or an anonymous storefront visitor. */
export type Owner = { kind: "user"; storeId: string; userId: string } | { kind: "anonymous"; anonymousId: string };

/** The owner as a condition on `store_id`/`user_id` or `anonymous_id`, parameters from `$first`. */
export function ownerClause(owner: Owner, first: number, alias = ""): [string, unknown[]] {
  const col = alias ? `${alias}.` : "";
  return owner.kind === "user"
    ? [`${col}store_id = $${first} AND ${col}user_id = $${first + 1}`, [owner.storeId, owner.userId]]
    : [`${col}anonymous_id = $${first}`, [owner.anonymousId]];
}
