/**
 * `value` without its keys whose value is undefined. A console patch leaves a field it does not give as it is,
 * so only the given fields reach the UPDATE (and an empty result means there is nothing to write); a route's
 * options leave out what they do not set, so Fastify and the OpenAPI document never see an undefined key.
 */
export const definedFields = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
