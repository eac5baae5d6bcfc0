import { stores } from "@atelier/contracts";
import { route } from "../http/route";
import { getMyStore } from "../services/stores/get-my-store";

export const storeRoutes = [route(stores.getMyStore, ({ ctx }) => getMyStore(ctx))];
