// Module resolution for dependency-cruiser (.dependency-cruiser.cjs), in webpack's shape: the
// client's `@/x` is `client/src/x`, as client/tsconfig.json's `paths` says.
const path = require('node:path');

module.exports = { resolve: { alias: { '@': path.join(__dirname, 'client/src') } } };
