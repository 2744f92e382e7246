import * as m from 'mcp-naming';
import { show } from '../shared/page.mjs';

show(m);
