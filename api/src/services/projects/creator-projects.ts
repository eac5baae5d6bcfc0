import type { BodyOf, QueryOf, ResponseOf, projects } from "@atelier/contracts";
import { CUSTOM_PROJECT_HINTS } from "@atelier/contracts/projects";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import * as q from "../../queries/projects";
import { lockStore } from "../../queries/stores";
import { loadProjectDto, toProjectDtos, type ProjectDto } from "./dto";
import { writeProject } from "./save-project";

/** The store's projects; archived ones only when asked. */
export async function listProjects(ctx: UserContext, query: QueryOf<typeof projects.listCreatorProjects>): Promise<ResponseOf<typeof projects.listCreatorProjects>> {
  const { list, total } = await q.listProjects(ctx.pool, ctx.auth.storeId, query.includeArchived, query.size, query.page * query.size);
  return { list: await toProjectDtos(ctx.pool, list), total, page: query.page, size: query.size };
}

/** One project of the store; another store's id is not found. */
export async function getProject(ctx: UserContext, id: string): Promise<ProjectDto> {
  const project = await q.getProject(ctx.pool, ctx.auth.storeId, id);
  if (!project) throw notFound("Project");
  return loadProjectDto(ctx.pool, project);
}

/** A new draft project (stage PREVIEW unless given). */
export async function createProject(ctx: UserContext, body: BodyOf<typeof projects.createCreatorProject>): Promise<ProjectDto> {
  return writeProject(ctx, undefined, { formStage: "PREVIEW", ...(body ?? {}) });
}

/** Updates fields, the draft stage or isArchived. */
export async function updateProject(ctx: UserContext, id: string, body: BodyOf<typeof projects.updateCreatorProject>): Promise<ProjectDto> {
  return writeProject(ctx, id, body);
}

/**
 * What the projects screen opens (001 §4): the latest active project, or a new empty one when none
 * is active. The check and the insert share a transaction locked per store, so two tabs opening at
 * once make one project, not two. Preview accounts never write: they get null.
 */
export async function openProject(ctx: UserContext): Promise<ResponseOf<typeof projects.openCreatorProject>> {
  const storeId = ctx.auth.storeId;
  const latest = await q.latestActiveProject(ctx.pool, storeId);
  if (latest) return { project: await loadProjectDto(ctx.pool, latest), created: false };
  if (ctx.auth.isPreview) return { project: null, created: false };
  const result = await withTransaction(ctx.pool, async (tx) => {
    await lockStore(tx, storeId);
    const again = await q.latestActiveProject(tx, storeId);
    if (again) return { id: again.id, created: false };
    return { id: await q.insertProject(tx, storeId, {}), created: true };
  });
  return { project: await loadProjectDto(ctx.pool, (await q.getProject(ctx.pool, storeId, result.id))!), created: result.created };
}

/** The form's hint texts (000 §5). */
export async function getCustomProjectHints(): Promise<ResponseOf<typeof projects.getCustomProjectHints>> {
  return { ...CUSTOM_PROJECT_HINTS };
}
