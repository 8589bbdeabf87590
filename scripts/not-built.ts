// Placeholder for scripts whose feature lands in a later issue: says so and exits non-zero.
const name = process.argv[2] ?? 'this script';
console.error(`npm run ${name}: not built yet — it arrives with a later issue (see README, "Status").`);
process.exit(1);
export {};
