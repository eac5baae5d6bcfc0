import { projects } from "@atelier/contracts";
import { factoryNames } from "../sourcing/sourcing-approvals";
import { defineTool } from "../tool-spec";

// Custom projects (RFPs): requests for something the catalogue does not sell as-is.

const projectId = "The custom project's id, from list_custom_projects or create_custom_project";

export const projectTools = [
  defineTool({
    contract: projects.listCreatorProjects,
    name: "list_custom_projects",
    description: "List the store's custom projects (RFPs), most recently changed first. Use it for 'my custom projects' or to find a draft to continue.",
    argDescriptions: { includeArchived: "'true' to include archived projects", page: "Page number, starting at 0", size: "Items per page, 1-100" },
  }),
  defineTool({ contract: projects.getCreatorProject, name: "get_custom_project", description: "Get one custom project with every field and its stage. Use it before editing or submitting a project.", argDescriptions: { id: projectId } }),
  defineTool({
    contract: projects.createCreatorProject,
    name: "create_custom_project",
    description:
      "Start a draft custom project (request for a product, packaging or service made to order); every field is optional and nobody is contacted. Use it when the user wants something the catalogue doesn't sell as-is; submit it with submit_custom_project.",
  }),
  defineTool({
    contract: projects.updateCreatorProject,
    name: "update_custom_project",
    description: "Change a custom project's fields or move it between PREVIEW and FORM; a submitted project can only be archived or restored. Send only what changes.",
    argDescriptions: { id: projectId, isArchived: "true archives the project, false restores it" },
  }),
  defineTool({
    contract: projects.updateCreatorProject,
    name: "archive_custom_project",
    description: "Archive a custom project so it leaves the list (update_custom_project with isArchived false restores it). Use it when the user no longer needs a request.",
    omit: ["title", "catalogItemType", "description", "packagingMaterial", "printDetail", "quantity", "targetCompletionDate", "colors", "attachments", "supplierId", "catalogItemId", "formStage", "isArchived"],
    argDescriptions: { id: projectId },
    argsFrom: (a) => ({ params: { id: String(a.id) }, body: { isArchived: true } }),
  }),
  defineTool({
    contract: projects.saveCustomProject,
    name: "submit_custom_project",
    description:
      "Submit a custom project: the chosen supplier (or, without one, Atelier's sourcing team) is emailed the request. Title, a description of 10+ characters and quantity are required; the date must be in the future. Needs the user's approval. Pass id to submit an existing draft with any last changes.",
    omit: ["formStage"],
    argDescriptions: { id: "The draft to submit (create_custom_project or list_custom_projects); a new project is created without it" },
    argsFrom: (a) => ({ body: { ...a, formStage: "COMPLETE" } as never }),
    approval: {
      summary: async (a, lookup) =>
        `Submit the custom project${a.title ? ` "${String(a.title)}"` : ""} and email it to ${a.supplierId ? await factoryNames([a.supplierId], lookup) : "the chosen supplier or Atelier's sourcing team"}`,
    },
  }),
];
