/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-delta-cells.h — the Base, New and Δ cells of a row compared with a base
 *
 * The module table and the hot-symbols list show a compared row the same
 * way: each side's share of its recording's samples, and the change in
 * points with its verdict (cs-comparison.h) visible. A change within the
 * noise is drawn dimmed and its tooltip says how large the noise is; a row
 * found on one side only says which side.
 */
#pragma once

#include "cs-column.h"
#include "cs-comparison.h"

G_BEGIN_DECLS

/* @delta NULL: not compared ("—"). */
void cs_delta_cells_fill_share (const CsRowDelta *delta,
                                gboolean          base,
                                CsCellContent    *content);
void cs_delta_cells_fill_delta (const CsRowDelta *delta,
                                CsCellContent    *content);

G_END_DECLS
