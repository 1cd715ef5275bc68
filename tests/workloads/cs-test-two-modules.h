/* cs-test-two-modules.h — the library function of cs-test-two-modules */
#pragma once

unsigned long tm_lib_hot (unsigned long n);
