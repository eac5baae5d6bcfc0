// Supplier accounts for inbox tests: the product has no sign-up for suppliers yet (demo accounts
// are seeded), so the factory writes the user and its membership, then signs in through the API.
import { inbox, type ResponseOf } from "@atelier/contracts";
import { hashPassword } from "../../api/src/auth/passwords";
import { insertSupplierMember } from "../../api/src/queries/inbox/supplier-members";
import { poolOf, uniqueEmail, type FactoryApi } from "./accounts";

export type SupplierMemberSession = ResponseOf<typeof inbox.createSupplierSession> & { email: string; password: string };

const PASSWORD = "supplier-horse-battery";

/** A new member of a supplier company, signed in through POST /web/supplier-sessions. */
export async function supplierMember(api: FactoryApi, supplierId: string): Promise<SupplierMemberSession> {
  const email = uniqueEmail("supplier");
  const { rows } = await poolOf(api).query<{ id: string }>("INSERT INTO users (email, username, password_hash) VALUES ($1, $2, $3) RETURNING id", [email, "Supplier rep", await hashPassword(PASSWORD)]);
  await insertSupplierMember(poolOf(api), supplierId, rows[0]!.id);
  const session = await api.client.call(inbox.createSupplierSession, { body: { email, password: PASSWORD } });
  return { ...session, email, password: PASSWORD };
}
