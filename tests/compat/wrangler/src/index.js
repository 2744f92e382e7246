// A Worker that answers every request with the shared check's verdict.
import * as m from 'mcp-naming';
import { check } from '../../shared/check.mjs';

export default {
  fetch() {
    return Response.json(check(m));
  },
};
