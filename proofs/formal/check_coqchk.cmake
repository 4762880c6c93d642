# SPDX-License-Identifier: MIT
# Coq's independent kernel checker re-checks one compiled file of the development and prints its context
# summary (coqchk -o); this fails unless the file declares no axiom of its own (no fully qualified axiom
# name under `orderblind.`) and nothing in it relies on type-in-type, unsafe (co)fixpoints or assumed
# positivity. NOTE: with -norec the libraries it imports are not re-checked, so their opaque module
# implementations (e.g. Coq.Reals.Rdefinitions.RbaseSymbolsImpl.*) are listed as axioms too; those are
# Coq's and Flocq's, and what each theorem rests on is the assumptions gate's job (check_assumptions.cmake).
#   cmake -DCOQCHK=/usr/bin/coqchk -DBINDIR=<dir with the .vo files> -DMODULE=Attention -P check_coqchk.cmake
cmake_minimum_required(VERSION 3.20)
foreach(v COQCHK BINDIR MODULE)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "check_coqchk.cmake: -D${v}=… is required")
  endif()
endforeach()
execute_process(COMMAND ${COQCHK} -o -silent -Q "${BINDIR}" orderblind -norec orderblind.${MODULE}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "coqchk refused orderblind.${MODULE}:\n${out}${err}")
endif()
string(APPEND out "${err}")  # NOTE: coqchk 8.16 prints the summary on stderr
string(FIND "${out}" "CONTEXT SUMMARY" at)
if(at EQUAL -1)
  message(FATAL_ERROR "coqchk -o printed no context summary:\n${out}${err}")
endif()
string(SUBSTRING "${out}" ${at} -1 summary)
set(bad "")
string(REGEX MATCHALL "\n[ \t]+orderblind\\.[^\n]*" own "${summary}")
foreach(a IN LISTS own)
  string(STRIP "${a}" a)
  string(APPEND bad "  axiom declared in the project: ${a}\n")
endforeach()
foreach(h "relying on type-in-type" "relying on unsafe \\(co\\)fixpoints" "whose positivity is assumed")
  if(NOT summary MATCHES "${h}: <none>")
    string(APPEND bad "  not <none>: ${h}\n")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "coqchk -o orderblind.${MODULE}:\n${bad}\n${summary}")
endif()
message(STATUS "coqchk re-checked orderblind.${MODULE}: no axiom of its own, no unsafe flag")
