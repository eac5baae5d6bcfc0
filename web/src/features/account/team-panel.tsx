import { useState, type FormEvent } from "react";
import { team } from "../../api/contracts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { errorSentence } from "../../api/error-catalogue";
import { ROLE_NAMES } from "@atelier/contracts/error-sentences";

const INVITABLE_ROLES_LIST = team.INVITABLE_ROLES;
const ROLE_LABELS: Record<string, string> = ROLE_NAMES;

/** Team members and invites: invite by email with a role, change a role, cancel. */
export function TeamPanel() {
  const invites = useApi(team.listTeamMemberInvites, { query: {} });
  const [error, setError] = useState<string | null>(null);
  async function invite(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setError(null);
    try {
      await request(team.createTeamMemberInvite, { body: { email: String(f.get("email") ?? ""), role: f.get("role") as (typeof INVITABLE_ROLES_LIST)[number] } }, { quiet: true, idempotencyKey: crypto.randomUUID() });
      form.reset();
      invites.reload();
    } catch (err) {
      setError(errorSentence(err));
    }
  }
  const seats = invites.data?.seats;
  return (
    <div className="card" id="account-team">
      <h2>Team</h2>
      {seats && <p className="muted">{seats.used} of {seats.included} additional team accounts used.</p>}
      <table>
        <thead><tr><th>Email</th><th>Role</th><th>Status</th><th /></tr></thead>
        <tbody>
          {invites.data?.list.map((i) => (
            <tr key={i.id}>
              <td>{i.email}</td>
              <td>
                <select aria-label={`Role of ${i.email}`} value={i.role} onChange={(e) => void request(team.updateTeamMemberInvite, { params: { id: i.id }, body: { role: e.target.value as (typeof INVITABLE_ROLES_LIST)[number] } }).then(invites.reload, () => undefined)}>
                  {INVITABLE_ROLES_LIST.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
                </select>
              </td>
              <td>{i.status === "PENDING" ? "Invited" : "Member"}</td>
              <td><button type="button" onClick={() => void request(team.cancelTeamMemberInvite, { params: { id: i.id } }).then(invites.reload, () => undefined)}>{i.status === "PENDING" ? "Cancel invite" : "Remove"}</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="form" onSubmit={(e) => void invite(e)}>
        <label>Invite by email<input name="email" type="email" required maxLength={254} /></label>
        <label>Role<select name="role" defaultValue="CX">{INVITABLE_ROLES_LIST.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}</select></label>
        {error && <p className="form-error" role="alert">{error}</p>}
        <button type="submit" className="primary">Send invite</button>
      </form>
    </div>
  );
}
