import { projects } from "@atelier/contracts";
import { route } from "../http/route";
import { createProject, getCustomProjectHints, getProject, listProjects, openProject, updateProject } from "../services/projects/creator-projects";
import { saveCustomProject } from "../services/projects/save-project";

export const projectsRoutes = [
  route(projects.listCreatorProjects, ({ ctx, query }) => listProjects(ctx, query)),
  route(projects.getCreatorProject, ({ ctx, params }) => getProject(ctx, params.id)),
  route(projects.createCreatorProject, ({ ctx, body }) => createProject(ctx, body)),
  route(projects.openCreatorProject, ({ ctx }) => openProject(ctx)),
  route(projects.updateCreatorProject, ({ ctx, params, body }) => updateProject(ctx, params.id, body)),
  route(projects.saveCustomProject, ({ ctx, body }) => saveCustomProject(ctx, body)),
  route(projects.getCustomProjectHints, () => getCustomProjectHints()),
];
