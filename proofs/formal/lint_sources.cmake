# SPDX-License-Identifier: MIT
# Source lint of the Coq development: fails when a .v file (comments removed) contains a command that
# could make a theorem rest on something the assumptions gate does not see as an axiom, or that weakens
# the kernel's checks: Axiom/Parameter/Conjecture (and plurals), Admitted, admit, give_up, Admit
# Obligations, any Unset other than the two implicit-argument display flags every file sets, the
# bypass_check attribute, Declare ML Module (a plugin), and any Module (a module can reuse the name of
# an accepted axiom: `Module ClassicalDedekindReals. Axiom sig_forall_dec : False. End …`).
#   cmake -DDIR=proofs/formal -P lint_sources.cmake           exit 0 when every DIR/*.v is clean
#   cmake -DFILES="a.v|b.v" -P lint_sources.cmake            the same for the files named
#   cmake -DFILES=x.v -DEXPECT="Axiom|Module" -P lint_sources.cmake
#       (the lint's own test: exit 0 only when x.v IS refused for each named offence)
# NOTE: the gate (check_assumptions.cmake, Print Assumptions resolved to kernel names) and coqchk -o
# (check_coqchk.cmake) are the guarantees; this lint refuses the source before it gets that far, and
# names the line.
cmake_minimum_required(VERSION 3.20)
if(DEFINED DIR)
  file(GLOB files "${DIR}/*.v")
  set(FILES "${DIR}/*.v")
elseif(DEFINED FILES)
  string(REPLACE "|" ";" files "${FILES}")
else()
  message(FATAL_ERROR "lint_sources.cmake: -DDIR=<dir> or -DFILES=a.v|b.v is required")
endif()
if(NOT files)
  message(FATAL_ERROR "lint_sources.cmake: no .v file in ${FILES}")
endif()

# The forbidden commands: name, then a regular expression over the code with comments removed.
set(rules
  "Axiom" "(^|[^A-Za-z0-9_'.])Axioms?[ \t\n]"
  "Parameter" "(^|[^A-Za-z0-9_'.])Parameters?[ \t\n]"
  "Conjecture" "(^|[^A-Za-z0-9_'.])Conjectures?[ \t\n]"
  "Admitted" "(^|[^A-Za-z0-9_'.])Admitted[ \t\n.]"
  "admit" "(^|[^A-Za-z0-9_'.])admit[ \t\n.;]"
  "give_up" "(^|[^A-Za-z0-9_'.])give_up[ \t\n.;]"
  "Admit Obligations" "(^|[^A-Za-z0-9_'.])Admit[ \t\n]+Obligations"
  "bypass_check" "bypass_check"
  "Declare ML Module" "Declare[ \t\n]+ML[ \t\n]+Module"
  "Module" "(^|[^A-Za-z0-9_'.])Module[ \t\n]"
  "Unset" "(^|[^A-Za-z0-9_'.])Unset[ \t\n]+")
list(LENGTH rules nrules)
math(EXPR last_rule "${nrules} / 2 - 1")

# Remove (nested) comments, keeping the newlines so that line numbers stay right.
function(strip_comments text out)
  set(code "")
  set(depth 0)
  set(pos 0)
  string(LENGTH "${text}" len)
  while(pos LESS len)
    string(SUBSTRING "${text}" ${pos} -1 rest)
    string(FIND "${rest}" "(*" open)
    string(FIND "${rest}" "*)" close)
    if(depth EQUAL 0)
      if(open EQUAL -1)
        string(APPEND code "${rest}")
        break()
      endif()
      string(SUBSTRING "${rest}" 0 ${open} piece)
      string(APPEND code "${piece}")
      math(EXPR pos "${pos} + ${open} + 2")
      set(depth 1)
    else()
      if(close EQUAL -1)
        message(FATAL_ERROR "unterminated comment")
      endif()
      if(NOT open EQUAL -1 AND open LESS close)
        set(step ${open})
        math(EXPR depth "${depth} + 1")
      else()
        set(step ${close})
        math(EXPR depth "${depth} - 1")
      endif()
      string(SUBSTRING "${rest}" 0 ${step} piece)
      string(REGEX REPLACE "[^\n]" "" piece "${piece}")  # keep the line breaks only
      string(APPEND code "${piece}")
      math(EXPR pos "${pos} + ${step} + 2")
    endif()
  endwhile()
  set(${out} "${code}" PARENT_SCOPE)
endfunction()

set(found_rules)
set(report "")
foreach(f IN LISTS files)
  file(READ "${f}" text)
  strip_comments("${text}" code)
  # Lines: CMake lists split on ';', so protect them first.
  string(REPLACE ";" "<semicolon>" code "${code}")
  string(REPLACE "\n" ";" code_lines "${code}")
  set(lineno 0)
  foreach(l IN LISTS code_lines)
    math(EXPR lineno "${lineno} + 1")
    set(l "${l}\n")
    foreach(r RANGE ${last_rule})
      math(EXPR ni "2 * ${r}")
      math(EXPR ri "2 * ${r} + 1")
      list(GET rules ${ni} name)
      list(GET rules ${ri} re)
      if(l MATCHES "${re}")
        # NOTE: the two display flags every file unsets change no statement and no proof.
        if(name STREQUAL "Unset" AND l MATCHES "^[ \t]*Unset[ \t]+(Strict[ \t]+Implicit|Printing[ \t]+Implicit[ \t]+Defensive)[ \t]*\\.[ \t]*\n$")
          continue()
        endif()
        string(STRIP "${l}" shown)
        string(APPEND report "  ${f}:${lineno}: ${name}: ${shown}\n")
        list(APPEND found_rules "${name}")
      endif()
    endforeach()
  endforeach()
endforeach()

if(DEFINED EXPECT)
  string(REPLACE "|" ";" expect "${EXPECT}")
  foreach(e IN LISTS expect)
    if(NOT e IN_LIST found_rules)
      message(FATAL_ERROR "the lint did NOT refuse '${e}' in ${FILES}; it found:\n${report}")
    endif()
  endforeach()
  message(STATUS "the lint refused ${FILES} for ${EXPECT}:\n${report}")
elseif(report)
  message(FATAL_ERROR "forbidden commands in the Coq development:\n${report}")
else()
  list(LENGTH files n)
  message(STATUS "lint: ${n} Coq files, no forbidden command")
endif()
