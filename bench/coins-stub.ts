/**
 * The market stub of `coins.bench.ts`, in its own process so that serving candles does not count in the
 * measured process's CPU time. Prints the stub's URL on its first line, then serves until killed.
 * Argument: the listings as JSON (see ReplayedListing).
 */
import { startMarketStub, type ReplayedListing } from '../apps/server/src/test/stubs/market-stub.ts';

const listings = JSON.parse(process.argv[2] ?? '[]') as ReplayedListing[];
const stub = await startMarketStub({ listings });
console.log(stub.url);
process.on('SIGTERM', () => void stub.close().then(() => process.exit(0)));
