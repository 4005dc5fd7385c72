const tabla = require('tabla');
const { playEveryGame } = require('../shared/play.js');

console.log(playEveryGame(tabla));
