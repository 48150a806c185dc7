/** The one call engine of the page. */
import { emitSocketEvent } from "@hearth/socket/socketClient";
import { CallEngine } from "./callEngine";

export const callEngine = new CallEngine(emitSocketEvent);
