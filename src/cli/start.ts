/** `npm start`: builds the site from the content folder, then serves it on localhost. */
import { buildSite } from './build.ts';
import { fail } from './fail.ts';
import { serve } from './serve.ts';

buildSite()
  .then((ok) => {
    if (ok) serve();
    else process.exitCode = 1;
  })
  .catch(fail);
