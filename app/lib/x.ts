import { y } from "./y";
export const z = y;
