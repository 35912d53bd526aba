import { data } from "react-router";

const notFound = () => data({ success: false, message: "Not found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
