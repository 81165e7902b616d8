// The seed of the property and fuzz tests: fixed in npm test; PROPERTY_SEED=<n> replays a run,
// PROPERTY_SEED=random picks one (printed, so that a failure can be replayed).

const given = process.env.PROPERTY_SEED
export const SEED = given === 'random' ? Date.now() % 2 ** 31 : Number(given ?? 20261122)
if (given === 'random') process.stderr.write(`property tests: PROPERTY_SEED=${SEED}\n`)

export const RUNS = Number(process.env.PROPERTY_RUNS ?? 12)
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 250)
