// Testing Library's findBy… and waitFor give up after one second by default: a wait on the clock,
// which a busy 2-core machine misses (a recording kept in Cache Storage, a chunk imported). They
// still end as soon as the page shows what they wait for; the test's own timeout bounds them.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 50_000 });
