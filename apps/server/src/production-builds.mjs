// Module resolve hook (registered by main.ts in production): React Router's package exports always point
// at its development build, which checks and warns on every render; its production build sits beside it
// with the same entry files. React itself picks its build from NODE_ENV.
const DEV = '/node_modules/react-router/dist/development/';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  return resolved.url.includes(DEV)
    ? { ...resolved, url: resolved.url.replace(DEV, '/node_modules/react-router/dist/production/') }
    : resolved;
}
