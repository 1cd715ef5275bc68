/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-plan-private.h — plan parts shared by cs-planner.c and cs-plan.c */
#pragma once

#include "cs-planner.h"

G_BEGIN_DECLS

void         _cs_plan_event_free   (CsPlanEvent       *event);
CsPlanEvent *_cs_plan_event_copy   (const CsPlanEvent *src);
CsPlanGroup *_cs_plan_group_new    (void);
void         _cs_plan_group_free   (CsPlanGroup       *group);
void         _cs_plan_run_free     (CsPlanRun         *run);
void         _cs_plan_dropped_free (CsPlanDropped     *dropped);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsPlanEvent, _cs_plan_event_free)

G_END_DECLS
