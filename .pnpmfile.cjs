// @20minutes/s3rver (the storage tests' S3 server, its CLI unused) declares a bin file that its package does
// not ship, so every install warned "Failed to create bin". Without `bin` in its manifest here, the lockfile
// says it has none and nothing inside node_modules/.pnpm links it. pnpm still links a project's own
// node_modules/.bin from the package.json on disk, which no hook changes (a patch applies only after linking),
// so that warning, for this file only, is dropped.
const MISSING_BIN = '/@20minutes/s3rver/bin/s3rver.js';

module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === '@20minutes/s3rver') delete pkg.bin;
      return pkg;
    },
    filterLog(log) {
      return !(
        log.level === 'warn' &&
        typeof log.message === 'string' &&
        log.message.startsWith('Failed to create bin at ') &&
        log.message.includes(`${MISSING_BIN}'`)
      );
    },
  },
};
