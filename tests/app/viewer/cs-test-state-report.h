/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-state-report.h — the window's visible state as JSON, for UI tests
 *
 * Part of the test viewer (tests/app/viewer), never of the installed one.
 * When CYCLESCOPE_TEST_STATE_FILE names a file, the first window writes to it
 * what a user sees after every painted frame that changed it: the page, the
 * selected module, the hot symbols, the open source and disassembly, the
 * keyboard focus, and where the sidebar rows and table rows are on screen
 * (X window coordinates), so that an end-to-end test can drive the real
 * viewer with real input (xdotool) and check the result without an
 * accessibility bus. Without the variable nothing happens.
 */
#pragma once

#include "cs-window.h"

G_BEGIN_DECLS

#define CS_STATE_REPORT_ENV "CYCLESCOPE_TEST_STATE_FILE"

/* Starts reporting the state of the first window of @application when the
 * variable is set. */
void cs_test_state_report_attach (GtkApplication *application);

G_END_DECLS
