// The browser bundle's entry (a page: index.html loads dist/browser/browser.js).
import * as m from 'mcp-naming';
import { show } from '../../shared/page.mjs';

show(m);
