// The bundle's entry (a page: index.html loads dist/index.js).
import * as m from 'mcp-naming';
import { show } from '../../shared/page.mjs';

show(m);
