import { MemoryStore } from '../../lib/store/memory.ts';
import { storeContract } from '../support/store-contract.ts';

storeContract('memory', () => new MemoryStore());
