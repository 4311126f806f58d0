import { createEngine } from "movecalc";
// Must not compile: locateFile is a function of the file name, not a folder.
await createEngine({ locateFile: "/wasm/" }); // expect TS2322
