// The Node entry: the module is instantiated on import; nothing to call first.
import { everyCallForm } from './api.js';

console.log(everyCallForm().join('; '));
