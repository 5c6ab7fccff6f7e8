import { MemoryStore } from '../../lib/store/memory.ts';
import { feedContract } from '../support/feed-contract.ts';

feedContract('memory', (clock) => new MemoryStore(clock));
