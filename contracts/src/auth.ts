import { z } from "zod";
import { defineContract } from "./contract";
import { ACCOUNT_TYPES, WORK_STYLES, emailSchema, planTypeSchema, teamRoleSchema } from "./domain";

/** A new password (registration); the API also refuses easily guessed ones (docs/security.md). */
const passwordSchema = z.string().min(10, "must be at least 10 characters").max(200, "must be at most 200 characters");

/** The tokens a login returns: version 1 for the main API, version 2 user and store tokens for the v2 routes. */
export const sessionSchema = z.object({
  token: z.string(),
  v2UserToken: z.string(),
  v2StoreToken: z.string(),
  expiresAt: z.string().describe("ISO time the tokens expire"),
  user: z.object({ id: z.string(), email: z.string(), username: z.string() }),
  store: z.object({ id: z.string(), title: z.string(), planType: planTypeSchema, isPreviewAccount: z.boolean() }),
  role: teamRoleSchema,
});

/**
 * What a sign-up answers, whether or not the address already has an account (docs/security.md,
 * item 17): the account is made when its owner opens the link mailed to the address.
 */
export const registrationStartedSchema = z.object({
  status: z.literal("CHECK_EMAIL"),
  email: z.string().describe("Where the link was sent"),
  expiresInHours: z.number().int().describe("How long the link works"),
});

export const register = defineContract({
  id: "register",
  method: "POST",
  path: "/register",
  summary: "Start a store owner sign-up: mails a link that creates the account and its store. The same answer whether or not the address has an account.",
  tags: ["auth"],
  access: "public",
  previewAllowed: true,
  noToolReason: "Agents act for a logged-in user; they never create accounts.",
  status: 202,
  query: z.strictObject({ userType: z.enum(["STORE"]).default("STORE") }),
  body: z.strictObject({
    email: emailSchema,
    password: passwordSchema,
    storeName: z.string().trim().min(1, "is required").max(120, "must be at most 120 characters"),
    accountType: z.enum(ACCOUNT_TYPES).default("UNDECIDED"),
    workStyle: z.enum(WORK_STYLES).default("WITH_AI_ASSISTANTS"),
    anonymousUserId: z.string().max(100).optional().describe("The anonymous creator id kept by the browser, for usage reports"),
  }),
  response: registrationStartedSchema,
});

export const confirmRegistration = defineContract({
  id: "confirmRegistration",
  method: "POST",
  path: "/register/confirm",
  summary: "Finish a sign-up with the token of the mailed link: creates the user, the store (Free plan) and returns the session.",
  tags: ["auth"],
  access: "public",
  previewAllowed: true,
  noToolReason: "Agents act for a logged-in user; they never create accounts.",
  status: 201,
  body: z.strictObject({ token: z.string().trim().min(20, "is not a sign-up link's code").max(200, "is not a sign-up link's code") }),
  response: sessionSchema,
});

export const login = defineContract({
  id: "login",
  method: "POST",
  path: "/login",
  summary: "Log in with email and password.",
  tags: ["auth"],
  access: "public",
  previewAllowed: true,
  noToolReason: "Agents act for a logged-in user; they never log in.",
  body: z.strictObject({ email: emailSchema, password: z.string().min(1, "is required").max(200) }),
  response: sessionSchema,
});

export const googleLogin = defineContract({
  id: "googleLogin",
  method: "POST",
  path: "/google-auth/login",
  summary: "Log in (or sign up) with a Google ID token.",
  tags: ["auth"],
  access: "public",
  previewAllowed: true,
  noToolReason: "Agents act for a logged-in user; they never log in.",
  body: z.strictObject({
    idToken: z.string().min(1, "is required").max(8192),
    storeName: z.string().trim().min(1).max(120).optional().describe("Store name for a first sign-in; defaults from the Google profile"),
    accountType: z.enum(ACCOUNT_TYPES).optional(),
    workStyle: z.enum(WORK_STYLES).optional(),
  }),
  response: sessionSchema,
});
