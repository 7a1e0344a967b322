/* closed-forms.h: each strategy's closed-form alpha-beta cost, found
 * through its registry row (registry.h).  Pure: a closed form reads a
 * struct shape and fills a struct analytic (analytic.h), without the
 * engine.  BytePS is closed_ps on its own layout (shape.bytesps). */
#ifndef PSIM_CLOSED_FORMS_H
#define PSIM_CLOSED_FORMS_H

#include "analytic.h"

#define STRATEGY(id, proto, name, family, flags, chunks, summary) \
	void closed_##proto(const struct shape *, struct analytic *);
#include "strategies.def"
#undef STRATEGY

#endif
