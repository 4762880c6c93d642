// SPDX-License-Identifier: MIT
// LeakSanitizer suppressions for every executable that links GiNaC (the tests and the command).
//
// NOTE: CLN (GiNaC's number library, libcln.so.6 on Debian 12) allocates 26 bytes during its static
// initialisation and never frees them: an empty `int main() {}` linked with -lcln reports that leak under
// ASan with detect_leaks=1, which the sanitizer run sets. The leak is in the library, once per process,
// not in orderblind; this hook (read by LeakSanitizer at start-up, ignored in other builds) suppresses
// leaks whose allocation stack is inside libcln only.
extern "C" __attribute__((used, visibility("default"))) const char* __lsan_default_suppressions() {
  return "leak:libcln.so\n";
}

// NOTE: LeakSanitizer prints a "Suppressions used:" table on stderr at exit whenever a suppression
// matched — every run, since CLN's leak is every run. The command's contract is a one-line message on
// stderr for bad usage (tested), so the table is turned off; LSAN_OPTIONS in the environment still wins.
extern "C" __attribute__((used, visibility("default"))) const char* __lsan_default_options() {
  return "print_suppressions=0";
}
