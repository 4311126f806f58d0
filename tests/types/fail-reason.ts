// Must not compile: Reason.code is the documented union, so a misspelt code is no code.
import type { Reason } from 'movecalc';

declare const reason: Reason;
if (reason.code === 'not_enuf_points') console.log(reason.rule); // expect TS2367
