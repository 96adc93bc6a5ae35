import path from 'node:path';

/**
 * The folder holding migrations/, client/dist/ and the default data/: the repository's root, or
 * /app in the Docker image. Found from this module's folder, which must stay one level below
 * server/: the production bundles (server/dist/main.js and admin.js, where this module ends up)
 * sit at that same depth, so the one relative path holds from the sources and from the build.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
