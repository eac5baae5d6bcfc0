import type { BodyOf, projects } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import * as q from "../../queries/projects";
import { checkProjectReferences } from "./check-project-fields";
import { loadProjectDto, type ProjectDto } from "./dto";
import { checkSubmittable, notifyProjectSubmitted } from "./submit-project";

type Fields = Omit<BodyOf<typeof projects.saveCustomProject>, "id" | "formStage"> & { formStage?: "PREVIEW" | "FORM" | "COMPLETE" };

/** Saves the custom request form (POST /web/project-management): a new project, or id's; COMPLETE submits it. */
export async function saveCustomProject(ctx: UserContext, body: BodyOf<typeof projects.saveCustomProject>): Promise<ProjectDto> {
  const { id, ...fields } = body;
  return writeProject(ctx, id, fields);
}

/** Creates or updates a project; moving to COMPLETE checks it is complete and notifies whoever quotes it. */
export async function writeProject(ctx: UserContext, id: string | undefined, fields: Fields & { isArchived?: boolean }): Promise<ProjectDto> {
  const storeId = ctx.auth.storeId;
  await checkProjectReferences(ctx.pool, storeId, fields);
  const projectId = await withTransaction(ctx.pool, async (tx) => {
    let current = id ? await q.lockProject(tx, storeId, id) : null;
    if (id && !current) throw notFound("Project");
    const changesContent = Object.entries(fields).some(([k, v]) => v !== undefined && k !== "isArchived");
    if (current?.formStage === "COMPLETE" && changesContent) throw conflict("This project was submitted; it can only be archived or restored.");
    const submitting = fields.formStage === "COMPLETE";
    const targetId = current ? current.id : await q.insertProject(tx, storeId, { ...fields, formStage: submitting ? "FORM" : fields.formStage });
    if (current) await q.updateProject(tx, storeId, targetId, { ...fields, formStage: submitting ? undefined : fields.formStage });
    if (submitting) {
      current = (await q.getProject(tx, storeId, targetId))!;
      checkSubmittable(current);
      await q.updateProject(tx, storeId, targetId, { formStage: "COMPLETE" }, true);
      await notifyProjectSubmitted(tx, current);
    }
    return targetId;
  });
  return loadProjectDto(ctx.pool, (await q.getProject(ctx.pool, storeId, projectId))!);
}
