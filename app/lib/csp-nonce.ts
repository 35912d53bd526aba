import { createContext } from "react";

/**
 * The response's Content-Security-Policy nonce, for an inline script a component writes itself (React Router's own
 * scripts get it from the document renderer). Only the server render provides it.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);
