/** The methods a route can be mapped to; HEAD follows GET, OPTIONS is CORS preflight. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
