/* strategy.c: each registered strategy's protocol code, by id. */
#include "config.h"

#include "registry.h"
#include "strategy.h"

#define STRATEGY(id, proto, name, family, flags, chunks, summary) \
	extern const struct strategy strategy_##proto;
#include "strategies.def"
#undef STRATEGY

static const struct strategy *const protocols[STRATEGY_COUNT] = {
#define STRATEGY(id, proto, name, family, flags, chunks, summary) \
	[STRATEGY_##id] = &strategy_##proto,
#include "strategies.def"
#undef STRATEGY
};

const struct strategy *
strategy_of(const struct strategy_info *info)
{
	return protocols[info->id];
}
