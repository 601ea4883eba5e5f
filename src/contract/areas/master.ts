import type { Place, ResourcePaths } from '../resource';

/**
 * The configuration masters (category, country, city, location) share the docs/product.md §7 paths
 * /api/master/*, told apart by `type` (query for GET, body for POST):
 * - GET  /api/master/listwithpagination?type=country&page=1&pageSize=10&sort=name&order=asc&q=&…filters
 * - GET  /api/master/list?type=country&…filters   every active record as { id, name } (pickers)
 * - GET  /api/master/listSingledata?type=country&id=7
 * - POST /api/master/addlist {type, …fields} creates (201); {type, id, version, …fields} updates
 * - POST /api/master/deletelist {type, id}
 */

const get = (path: string): Place => ({ method: 'GET', path });
const post = (path: string): Place => ({ method: 'POST', path });

export const masterPaths: ResourcePaths = {
  list: get('/api/master/listwithpagination'),
  options: get('/api/master/list'),
  get: get('/api/master/listSingledata'),
  create: post('/api/master/addlist'),
  update: post('/api/master/addlist'),
  remove: post('/api/master/deletelist'),
};

export const masterTag = 'Configuration masters';
