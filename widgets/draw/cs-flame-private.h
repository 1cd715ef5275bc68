/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-private.h — what cs-flame-draw.c and cs-flame-diff.c share */
#pragma once

#include "cs-flame-draw.h"

G_BEGIN_DECLS

/* The largest |change| in points of the frames drawn (0 when not
 * differential): the colours are scaled to it. */
double _cs_flame_diff_max   (const CsFlameLayout      *layout,
                             const CsFlameDrawOptions *options);
/* The differential fill of @frame. */
void   _cs_flame_diff_color (const CsFlameLayout      *layout,
                             const CsFlameDrawOptions *options,
                             const CsFlameFrame       *frame,
                             double                    max_change,
                             CsColor                  *color);

G_END_DECLS
