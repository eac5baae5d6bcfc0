import { auth } from "@atelier/contracts";
import { route } from "../http/route";
import { register } from "../services/auth/register";
import { confirmRegistration } from "../services/auth/confirm-registration";
import { login } from "../services/auth/login";
import { googleLogin } from "../services/auth/google-login";

export const authRoutes = [
  route(auth.register, ({ ctx, body }) => register(ctx, body)),
  route(auth.confirmRegistration, ({ ctx, body }) => confirmRegistration(ctx, body)),
  route(auth.login, ({ ctx, body }) => login(ctx, body)),
  route(auth.googleLogin, ({ ctx, body }) => googleLogin(ctx, body)),
];
