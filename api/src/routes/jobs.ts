import { jobs } from "@atelier/contracts";
import type { Route } from "../http/route";
import { route } from "../http/route";
import { cancelJob } from "../services/jobs/cancel-job";
import { getJob } from "../services/jobs/get-job";

export const jobsRoutes: Route[] = [
  route(jobs.getJob, ({ ctx, params }) => getJob(ctx, params.id)),
  route(jobs.cancelJob, ({ ctx, params }) => cancelJob(ctx, params.id)),
];
