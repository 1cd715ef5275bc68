/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-load.h — loading a recording for the analysis verbs */
#pragma once

#include "cs-analysis.h"

G_BEGIN_DECLS

/* cs_analysis_load() with a progress line: on a terminal, a load that
 * takes more than a second shows its stage and how far it got on one line
 * of standard error (reading samples, unwinding call stacks, resolving
 * symbols), erased when done. */
CsAnalysis *cs_cli_load_analysis (const char  *path,
                                  GError     **error);

G_END_DECLS
